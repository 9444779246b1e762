import { Button, FileInput, Group, Image, Input, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

const MAX_BYTES = 200_000;

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

interface SignatureInputProps {
  value: string | null;
  onChange: (value: string | null) => void;
  error?: string;
}

/** A PNG/JPEG signature image, kept as a data URL, with its preview. */
export function SignatureInput({ value, onChange, error }: SignatureInputProps) {
  const { t } = useTranslation();
  const [localError, setLocalError] = useState<string | null>(null);
  return (
    <Input.Wrapper label={t('signature.label')} error={localError ?? error}>
      <Stack gap="xs">
        <FileInput
          aria-label={t('signature.file')}
          placeholder={t('signature.placeholder')}
          accept="image/png,image/jpeg"
          clearable
          onChange={async (file) => {
            setLocalError(null);
            if (!file) return;
            if (!['image/png', 'image/jpeg'].includes(file.type)) return setLocalError(t('signature.badType'));
            if (file.size > MAX_BYTES) return setLocalError(t('signature.tooBig'));
            onChange(await readAsDataUrl(file));
          }}
        />
        {value ? (
          <Group align="center">
            <Image src={value} alt={t('signature.preview')} h={80} w="auto" fit="contain" bd="1px solid gray.3" />
            <Button size="xs" variant="subtle" color="red" onClick={() => onChange(null)}>
              {t('signature.remove')}
            </Button>
          </Group>
        ) : (
          <Text size="xs" c="dimmed">
            {t('signature.none')}
          </Text>
        )}
      </Stack>
    </Input.Wrapper>
  );
}
