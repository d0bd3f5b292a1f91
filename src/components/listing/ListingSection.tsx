import * as React from 'react';
import { Link } from 'gatsby';

export interface ListingSectionProps {
  /** Id of the heading, which labels the section. */
  id: string;
  title: string;
  /** A link onward beside the heading ("更多晒单 ›"). */
  more?: { to: string; text: string };
  /** Extra class names after `lst-section`. */
  className?: string;
  children: React.ReactNode;
}

/** One titled block of a listing page (home, category): heading, optional link onward, content. */
export function ListingSection({ id, title, more, className, children }: ListingSectionProps) {
  const heading = (
    <h2 id={id} className="lst-h2">
      {title}
    </h2>
  );
  return (
    <section className={className ? `lst-section ${className}` : 'lst-section'} aria-labelledby={id}>
      {more ? (
        <div className="lst-head">
          {heading}
          <Link className="lst-more" to={more.to}>
            {more.text}
          </Link>
        </div>
      ) : (
        heading
      )}
      {children}
    </section>
  );
}
