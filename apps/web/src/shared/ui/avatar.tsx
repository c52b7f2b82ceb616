/** A round picture of an advisor or user, with the default image when missing or broken; uploaded photos come sharp in WebP at 1× and 2×. */
import { useState } from 'react';
import { sizedImage } from '../../lib/image-sizes';

const DEFAULT_AVATAR = '/avatars/default.svg';

interface AvatarProps {
  src: string | null | undefined;
  /** Who is shown: the image's alternative text. Empty when a name is printed beside it. */
  alt: string;
  size?: number;
  online?: boolean;
}

export function Avatar({ src, alt, size = 48, online }: AvatarProps) {
  const [failed, setFailed] = useState<string | null>(null);
  const url = src && failed !== src ? src : DEFAULT_AVATAR;
  const image = (
    <img
      className="avatar"
      {...sizedImage(url, size)}
      alt={alt}
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
      onError={() => {
        if (src) setFailed(src);
      }}
    />
  );
  if (online === undefined) return image;
  return (
    <span className="avatar-wrap">
      {image}
      {online && <span className="online-dot" aria-hidden="true" />}
    </span>
  );
}
