import { useProcessEvents } from './process-events.ts';

/** The process events' listener, a chunk of its own (app-layout.tsx). */
export default function LiveUpdates() {
  useProcessEvents();
  return null;
}
