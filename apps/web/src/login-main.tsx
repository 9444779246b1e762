// The sign-in page (login.html), apart from the app: React and the few Mantine components it shows, with their own CSS
// (in the order of Mantine's styles.css), its French texts (sign-in.fr.json); no router, no i18next, no query cache, no
// schema (issue 16: ≤ 100 KiB gzip of JS, checked by scripts/check-web-budget.mjs). Signed in, a full page load enters
// the app.
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/VisuallyHidden.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/CheckboxIndicator.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Center.css';
import '@mantine/core/styles/PasswordInput.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Title.css';
import { MantineProvider } from '@mantine/core';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { cssVariablesResolver, theme } from './app/theme.ts';
// The page's own file, not the module's index.ts: that one also offers the app's session, queries and texts.
import { LoginPage } from './modules/auth/pages/login-page.tsx';

const container = document.getElementById('root');
if (!container) throw new Error('#root introuvable');
createRoot(container).render(
  <StrictMode>
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <LoginPage />
    </MantineProvider>
  </StrictMode>,
);
