// The notifications' container alone, for a lazy import (providers.tsx): importing '@mantine/notifications' itself
// lazily would keep the container with the store that notify.ts needs from the start. Its CSS comes with it.
import '@mantine/notifications/styles.css';

export { Notifications } from '@mantine/notifications';
