import styles from './field-screen.module.css';

/** Class of a field screen's root: its controls grow to 44 px on a phone (field-screen.module.css). */
export const fieldScreenClass: string = styles.fieldScreen ?? '';
