// /haul-detail/?productId=..&commentId=..: the haul detail template as a plain page.
export { default } from '../templates/haul-detail';
