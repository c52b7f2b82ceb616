/**
 * Shapes standing in for content that is loading (decision 055). Each screen draws them in the
 * places its content will take, so nothing jumps when it arrives; a screen reader hears
 * "Loading..." once and none of the shapes.
 */
import type { CSSProperties, ReactNode } from 'react';
import { useT } from '../../lib/i18n';

type Length = number | string;

/** The loading part of a screen: busy for assistive technology, its shapes hidden from it. */
export function Skeleton({
  children,
  className,
  testId,
}: {
  children: ReactNode;
  className?: string;
  testId?: string;
}) {
  const t = useT();
  return (
    <div className={className} aria-busy="true" data-testid={testId}>
      <span className="visually-hidden" role="status">
        {t('common.loading')}
      </span>
      <div aria-hidden="true">{children}</div>
    </div>
  );
}

/** One line of text of the surrounding font size; `width` is its share of the line. */
export function SkeletonLine({
  width = '70%',
  className = '',
}: {
  width?: Length;
  className?: string;
}) {
  return <span className={`skeleton skeleton-line ${className}`} style={{ width }} />;
}

/** A round shape: an avatar, an icon, a round button. */
export function SkeletonCircle({ size }: { size: number }) {
  return <span className="skeleton skeleton-circle" style={{ width: size, height: size }} />;
}

/** A block such as a button or a picture; rounded like the app's buttons unless `radius` says. */
export function SkeletonBlock({
  width = '100%',
  height,
  radius,
  className = '',
}: {
  width?: Length;
  height: Length;
  radius?: Length;
  className?: string;
}) {
  const style: CSSProperties = { width, height, borderRadius: radius };
  return <span className={`skeleton skeleton-block ${className}`} style={style} />;
}

/**
 * A row of a list: a round picture beside lines of text (a chat, a notification). `className` is
 * the real row's and `itemClassName` its list item's, so the row keeps its height, padding and
 * borders.
 */
export function ListRowSkeleton({
  avatar,
  lines = ['55%', '80%'],
  className,
  itemClassName,
}: {
  /** The picture's size in pixels; none when the row has no picture. */
  avatar?: number;
  /** Each line's width. */
  lines?: readonly Length[];
  className?: string;
  itemClassName?: string;
}) {
  return (
    <li className={itemClassName}>
      <span className={className}>
        {avatar !== undefined && <SkeletonCircle size={avatar} />}
        <span className="skeleton-lines">
          {lines.map((width, index) => (
            <SkeletonLine key={index} width={width} />
          ))}
        </span>
      </span>
    </li>
  );
}

/** `count` keys for drawing that many shapes. */
export function skeletonKeys(count: number): number[] {
  return Array.from({ length: count }, (_, index) => index);
}
