// Media URLs are stored root-relative; MEDIA_BASE_URL (if set) is prefixed when serving.
export type Prefixer = (url: string | null | undefined) => string | null;
export { mediaUrlPrefixer } from './urls';
