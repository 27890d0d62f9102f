import { Group, Stack, Switch, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { premiumFeatureNames, type PremiumFeatureName } from '@gridline/contracts/bridge';
import { activatePremiumFeature, deactivatePremiumFeature, listPremiumFeatures } from '@gridline/contracts/endpoints/bridge';
import { client } from '../../shared/api/client.ts';
import { ErrorAlert } from '../../shared/ui/error-alert.tsx';

/**
 * An account's premium features (spec 001 §3; decision 0050): a switch per feature, on when the
 * account has it. Switching calls `POST` or `DELETE …/premiumfeatures` (audited); either is undone
 * by switching back, so neither asks for confirmation.
 */
export function PremiumFeatures({ organisation, accountId, customerId }: { organisation: string; accountId: string; customerId: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const queryKey = ['premium-features', organisation, accountId];
  const active = useQuery({ queryKey, queryFn: () => client.data(listPremiumFeatures, { params: { organisation }, query: { accountId, limit: 100 } }) });
  const toggle = useMutation({
    mutationFn: async ({ featureName, on }: { featureName: PremiumFeatureName; on: boolean }) => {
      if (on) await client.data(activatePremiumFeature, { params: { organisation }, body: { accountId, featureName } });
      else await client.data(deactivatePremiumFeature, { params: { organisation }, query: { accountId, featureName } });
    },
    onSuccess: (_answer, { featureName, on }) => {
      const feature = t(`bridge.premium.features.${featureName}`);
      notifications.show({ color: 'green', message: t(on ? 'bridge.premium.activated' : 'bridge.premium.deactivated', { feature, customerId }) });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey }),
  });
  const on = new Set((active.data ?? []).map((f) => f.featureName));
  return (
    <Stack gap={6} role="group" aria-label={`${t('bridge.premium.title')} · ${t('customers.customerId', { id: customerId })}`}>
      <Text fw={600} size="sm">
        {t('bridge.premium.title')}
      </Text>
      {active.isError ? (
        <ErrorAlert error={active.error} onRetry={() => void active.refetch()} />
      ) : (
        <Group gap="lg">
          {premiumFeatureNames.map((featureName) => (
            <Switch
              key={featureName}
              label={t(`bridge.premium.features.${featureName}`)}
              checked={on.has(featureName)}
              disabled={!active.data || toggle.isPending}
              onChange={(event) => toggle.mutate({ featureName, on: event.currentTarget.checked })}
            />
          ))}
        </Group>
      )}
      {toggle.isError && <ErrorAlert error={toggle.error} title={t('bridge.premium.title')} />}
    </Stack>
  );
}
