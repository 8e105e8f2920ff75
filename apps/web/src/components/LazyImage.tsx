'use client';
// An image that loads lazily and, when it fails, tries twice more with a cache-busting query
// before giving way to a quiet placeholder (spec 01 §9: lazy image retry, 2 attempts).
import { LAZY_IMAGE_RETRIES } from '@apimarket/contracts';
import { useState } from 'react';
import { retrySrc } from '../lib/frame';
import styles from './LazyImage.module.css';

export interface LazyImageProps {
  src: string;
  alt: string;
  width?: number;
  height?: number;
  className?: string;
}

export function LazyImage({ src, alt, width, height, className }: LazyImageProps) {
  const [attempt, setAttempt] = useState(0);
  const [failed, setFailed] = useState(false);
  if (failed) {
    return (
      <span className={`${styles.placeholder} ${className ?? ''}`} style={{ width, height }} role="img" aria-label={alt}>
        {alt}
      </span>
    );
  }
  return (
    // biome-ignore lint/performance/noImgElement: a plain lazy <img> with retries is the point here
    <img
      src={retrySrc(src, attempt)}
      alt={alt}
      width={width}
      height={height}
      className={className}
      loading="lazy"
      decoding="async"
      onError={() => (attempt < LAZY_IMAGE_RETRIES ? setAttempt(attempt + 1) : setFailed(true))}
    />
  );
}
