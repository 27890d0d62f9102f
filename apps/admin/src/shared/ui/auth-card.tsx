import type { ReactNode } from 'react';
import { Center, Paper } from '@mantine/core';

/** The frame of the pages before sign-in (sign-in, set and reset the password): one card in the middle. */
export function AuthCard({ children }: { children: ReactNode }) {
  return (
    <Center mih="100vh" p="md" component="main">
      <Paper withBorder shadow="sm" p="xl" radius="md" w="100%" maw={440}>
        {children}
      </Paper>
    </Center>
  );
}
