/** A round avatar: the uploaded picture, or the first letter of the name. */
export function Avatar({ src, name, size = 'm' }: { src?: string | undefined; name: string; size?: 's' | 'm' | 'l' }) {
  const initial = [...name.trim()][0]?.toUpperCase() ?? '?';
  return (
    <span className={`avatar avatar-${size}`} aria-hidden="true">
      {src ? <img src={src} alt="" /> : initial}
    </span>
  );
}
