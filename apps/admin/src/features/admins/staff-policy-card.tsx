import { Card, Stack, Switch, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { getStaffPolicy, updateStaffPolicy } from '@gridline/contracts/endpoints/admins';
import { client } from '../../shared/api/client.ts';
import { errorMessage } from '../../shared/api/errors.ts';
import { ErrorAlert } from '../../shared/ui/error-alert.tsx';

/** Whether the organisation's staff must sign in with a second factor (decision 0035). */
export function StaffPolicyCard({ organisation }: { organisation: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const policy = useQuery({ queryKey: ['staffPolicy', organisation], queryFn: () => client.data(getStaffPolicy, { params: { organisation } }) });
  const save = useMutation({
    mutationFn: (staffSecondFactor: boolean) => client.data(updateStaffPolicy, { params: { organisation }, body: { staffSecondFactor } }),
    onSuccess: (data) => {
      queryClient.setQueryData(['staffPolicy', organisation], data);
      notifications.show({ color: 'green', message: t('app.saved') });
    },
    onError: (error) => notifications.show({ color: 'red', message: errorMessage(t, error) }),
  });
  return (
    <Card withBorder>
      <Stack gap="xs">
        <Title order={2} size="h4">
          {t('admins.policyTitle')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('admins.policyHelp')}
        </Text>
        {policy.error ? (
          <ErrorAlert error={policy.error} onRetry={() => void policy.refetch()} />
        ) : (
          <Switch
            label={t('admins.policyRequired')}
            checked={policy.data?.staffSecondFactor ?? false}
            disabled={!policy.data || save.isPending}
            onChange={(e) => save.mutate(e.currentTarget.checked)}
          />
        )}
      </Stack>
    </Card>
  );
}
