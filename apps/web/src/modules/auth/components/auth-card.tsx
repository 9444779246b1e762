import { Center, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * The frame of the public pages (sign-in, activation). It takes its texts as props: the sign-in page shows it without
 * i18next (login-main.tsx), the activation page with it.
 */
export function AuthCard({ brand, title, children }: { brand: string; title: string; children: ReactNode }) {
  return (
    <Center mih="100vh" bg="gray.0" p="md">
      <Paper withBorder shadow="sm" p="xl" radius="md" w="100%" maw={420} component="main">
        <Stack gap="md">
          <div>
            <Text c="bleuFrance.9" fw={700} size="sm" tt="uppercase">
              {brand}
            </Text>
            <Title order={1} size="h2">
              {title}
            </Title>
          </div>
          {children}
        </Stack>
      </Paper>
    </Center>
  );
}
