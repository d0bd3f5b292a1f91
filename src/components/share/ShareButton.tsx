import * as React from 'react';

const SharePanel = React.lazy(() => import('./SharePanel'));

export interface ShareButtonProps {
  /** The review's public (canonical) URL. */
  url: string;
  title: string;
  text: string;
}

type ShareNavigator = Navigator & { share?: (data: ShareData) => Promise<void> };

/**
 * Share a review (issue 21 item 3): the system share sheet where the browser has the Web Share
 * API (phones); otherwise a small panel, its own chunk, that copies the link (spec section 8: a
 * copy that fails reports false, and the panel then shows the link to copy by hand) and, on
 * desktop, shows a QR code of it to open the review on a phone. Inside WeChat the share card is
 * set up by useWechatShare (the page's own menu shares it).
 */
export function ShareButton({ url, title, text }: ShareButtonProps) {
  const [open, setOpen] = React.useState(false);
  const button = React.useRef<HTMLButtonElement>(null);
  const onClick = () => {
    const nav = navigator as ShareNavigator;
    if (typeof nav.share === 'function') {
      // Called in the click itself: the share sheet needs the user's gesture.
      nav.share({ title, text, url }).catch((e: unknown) => {
        if ((e as { name?: string })?.name !== 'AbortError') setOpen(true); // not cancelled: copy instead
      });
      return;
    }
    setOpen((o) => !o);
  };
  const close = React.useCallback(() => {
    setOpen(false);
    button.current?.focus();
  }, []);
  return (
    <div className="share">
      <button
        ref={button}
        type="button"
        className="share__button"
        aria-expanded={open}
        aria-haspopup="dialog"
        onClick={onClick}
        // What a tap before hydration shares at once (src/boot/engagement.ts, doneAtOnce).
        data-share-url={url}
        data-share-title={title}
        data-share-text={text}
      >
        <span aria-hidden="true">↗</span> 分享
      </button>
      {open && (
        <React.Suspense fallback={null}>
          <SharePanel url={url} onClose={close} />
        </React.Suspense>
      )}
    </div>
  );
}
