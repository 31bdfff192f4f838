import dayjs from 'dayjs';

/**
 * A date as people read it, machine-readable for assistive technology; `withTime` adds the hour
 * (a movement, the moment a share becomes available). The full moment shows on hover.
 */
export function Dated({ at, withTime = false }: { at: string; withTime?: boolean }) {
  return (
    <time
      dateTime={at}
      title={dayjs(at).format('D MMMM YYYY, HH:mm')}
      style={withTime ? { whiteSpace: 'nowrap' } : undefined}
    >
      {dayjs(at).format(withTime ? 'D MMM YYYY, HH:mm' : 'D MMMM YYYY')}
    </time>
  );
}
