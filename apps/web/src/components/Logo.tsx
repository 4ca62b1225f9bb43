// The Visage mark: two overlapping faces, one outlined and one filled — a swap.
import { useId } from 'react';

export interface LogoProps {
  size?: number;
  className?: string;
  /** Spoken name; decorative when omitted (e.g. next to the written title). */
  label?: string;
}

export function Logo({ size = 40, className, label }: LogoProps) {
  const gradient = useId();
  return (
    <svg
      className={className}
      width={size}
      height={size}
      viewBox="0 0 40 40"
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
    >
      <defs>
        <linearGradient id={gradient} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#5eead4" />
          <stop offset="0.55" stopColor="#22c55e" />
          <stop offset="1" stopColor="#15803d" />
        </linearGradient>
      </defs>
      <rect width="40" height="40" rx="11" fill={`url(#${gradient})`} />
      <circle cx="15.5" cy="20" r="7.5" fill="none" stroke="#fff" strokeWidth="2.6" />
      <circle cx="24.5" cy="20" r="7.5" fill="#fff" fillOpacity="0.92" />
      <path d="M22 19.2h.01M27 19.2h.01" stroke="#15803d" strokeWidth="2.2" strokeLinecap="round" />
      <path d="M22.2 22.6a3 3 0 0 0 4.6 0" fill="none" stroke="#15803d" strokeWidth="1.8" strokeLinecap="round" />
    </svg>
  );
}
