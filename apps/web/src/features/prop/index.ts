/** Prop-firm challenges and the user's objectives: the dashboard's goals tab, the rule tab, the ticket's rule check. */

export { AccountObjectivesSettings } from './components/account-objectives-editor';
