import * as React from 'react';
import type { ViewImage } from '../../common/coerce';
import { Img } from '../common/Img';

export interface GalleryVideoProps {
  src: string;
  cover: ViewImage;
  size?: { width: number; height: number } | null;
  alt: string;
}

/**
 * The review's video, played inline once the shopper asked for it (issue 21 item 1): its own
 * chunk, loaded by the play button's click. Native controls, `playsinline` (iOS, and WeChat's
 * X5 browser by its own attributes), nothing fetched before the click (`preload="none"`), the
 * cover as poster; it starts because of the click, so it may start with sound. A video that
 * cannot load shows its cover again with a message.
 */
export default function GalleryVideo({ src, cover, size, alt }: GalleryVideoProps) {
  const ref = React.useRef<HTMLVideoElement>(null);
  const [failed, setFailed] = React.useState(false);
  React.useEffect(() => {
    const video = ref.current;
    if (!video) return;
    video.focus({ preventScroll: true }); // the keyboard reaches the controls at once
    // A refusal (a browser that wants another gesture) leaves the controls to start it; a file
    // that cannot play also fires `error`, handled below.
    video.play().catch(() => undefined);
  }, []);
  if (failed)
    return (
      <>
        <Img src={cover.url} alt={alt} width={cover.width} height={cover.height} />
        <p className="gallery__video-error" role="alert">
          视频暂时无法播放，请稍后再试
        </p>
      </>
    );
  return (
    // Shoppers' own videos come without captions (the API has none to offer); the review text
    // beside it says what it shows.
    // eslint-disable-next-line jsx-a11y/media-has-caption
    <video
      ref={ref}
      className="gallery__video"
      src={src}
      poster={cover.url}
      width={size?.width ?? cover.width}
      height={size?.height ?? cover.height}
      controls
      playsInline
      preload="none"
      aria-label="晒单视频"
      onError={() => setFailed(true)}
      {...{ 'webkit-playsinline': 'true', 'x5-playsinline': 'true' }}
    />
  );
}
