import { CARD_IMAGE_PX, largeImageOf, LARGE_IMAGE_PX } from '../domain';

/**
 * A product's picture at 132 px, with its size given so nothing moves while it loads. With `sizes`
 * (the product dialog), an upload also offers its 800 px copy, which wide screens show larger.
 */
export function ProductImage({ src, className = 'product-image', sizes }: { src: string | null; className?: string; sizes?: string }) {
  if (!src) return <span className={`${className} ${className}--empty`} aria-hidden="true" />;
  const large = sizes ? largeImageOf(src) : null;
  return (
    <img
      className={large ? `${className} ${className}--large` : className}
      src={src}
      srcSet={large ? `${src} ${CARD_IMAGE_PX}w, ${large} ${LARGE_IMAGE_PX}w` : undefined}
      sizes={large ? sizes : undefined}
      alt=""
      width="132"
      height="132"
      loading="lazy"
      decoding="async"
    />
  );
}
