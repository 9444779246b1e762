/** The props of a DayInput from a form field's getInputProps (yyyy-MM-dd or null; Mantine types the value loosely). */
export function dayInputProps(p: { value?: unknown; onChange: (v: unknown) => void; error?: unknown }) {
  return {
    ...p,
    error: p.error as string | undefined,
    value: (p.value as string | null | undefined) ?? null,
    onChange: (v: string | null) => p.onChange(v),
  };
}
