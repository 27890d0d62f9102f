import { Text } from '@mantine/core';

/** A labelled value of a details card (a customer, an audit entry); a dash when there is none. */
export function Fact({ label, value }: { label: string; value: string | null | undefined }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text style={{ overflowWrap: 'anywhere' }}>{value || '—'}</Text>
    </div>
  );
}
