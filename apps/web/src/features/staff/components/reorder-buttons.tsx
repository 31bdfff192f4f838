import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { Button, Flex } from 'antd';
import { useEffect } from 'react';

/**
 * The button that had focus when its item moved: the item's row is moved in the page, which takes
 * focus away in browsers, so the button takes it back once the new order shows.
 */
const focus = { pending: null as string | null };

/**
 * Up and down for one item of an ordered list: keyboard-accessible buttons named after the item,
 * the first item's Up and the last one's Down disabled.
 */
export function ReorderButtons({
  id,
  label,
  index,
  count,
  disabled = false,
  onMove,
}: {
  id: string;
  /** The item as people know it: 'Move Billing up'. */
  label: string;
  index: number;
  count: number;
  disabled?: boolean;
  onMove: (by: -1 | 1) => void;
}) {
  const upId = `move-up-${id}`;
  const downId = `move-down-${id}`;
  useEffect(() => {
    if (focus.pending !== upId && focus.pending !== downId) return;
    const wanted = document.getElementById(focus.pending) as HTMLButtonElement | null;
    const other = document.getElementById(
      focus.pending === upId ? downId : upId,
    ) as HTMLButtonElement | null;
    focus.pending = null;
    // At the top or bottom now, the button it moved with is disabled: the other one takes focus.
    (wanted && !wanted.disabled ? wanted : other)?.focus();
  }, [index, upId, downId]);
  const move = (by: -1 | 1, buttonId: string) => {
    focus.pending = buttonId;
    onMove(by);
  };
  return (
    <Flex gap={4}>
      <Button
        id={upId}
        size="small"
        aria-label={`Move ${label} up`}
        icon={<ArrowUpOutlined />}
        disabled={disabled || index === 0}
        onClick={() => move(-1, upId)}
      />
      <Button
        id={downId}
        size="small"
        aria-label={`Move ${label} down`}
        icon={<ArrowDownOutlined />}
        disabled={disabled || index === count - 1}
        onClick={() => move(1, downId)}
      />
    </Flex>
  );
}
