/** A picture that opens the photo viewer (Gallery.tsx): a button around the slide's <img>. */
export const OPENER = 'button.gallery__open';
