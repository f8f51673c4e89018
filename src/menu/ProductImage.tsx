/** A product's picture at 132 px, with its size given so nothing moves while it loads. */
export function ProductImage({ src, className = 'product-image' }: { src: string | null; className?: string }) {
  return src ? (
    <img className={className} src={src} alt="" width="132" height="132" loading="lazy" decoding="async" />
  ) : (
    <span className={`${className} ${className}--empty`} aria-hidden="true" />
  );
}
