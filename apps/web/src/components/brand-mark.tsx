import { PRIMARY_COLOR } from '@crimsonhost/shared/constants';

/** The CrimsonHost mark: a server rack on a crimson tile. Same drawing as public/favicon.svg. */
export function BrandMark({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill={PRIMARY_COLOR} />
      {[7, 13.5, 20].map((y) => (
        <g key={y}>
          <rect x="7" y={y} width="18" height="5" rx="1.5" fill="#ffffff" />
          <circle cx="21.5" cy={y + 2.5} r="1.1" fill={PRIMARY_COLOR} />
          <rect x="9.5" y={y + 1.9} width="7" height="1.2" rx="0.6" fill="#fca5a5" />
        </g>
      ))}
    </svg>
  );
}
