import SentimentDissatisfiedOutlined from '@mui/icons-material/SentimentDissatisfiedOutlined';
import SentimentNeutralOutlined from '@mui/icons-material/SentimentNeutralOutlined';
import SentimentSatisfiedOutlined from '@mui/icons-material/SentimentSatisfiedOutlined';
import SentimentVeryDissatisfiedOutlined from '@mui/icons-material/SentimentVeryDissatisfiedOutlined';
import SentimentVerySatisfiedOutlined from '@mui/icons-material/SentimentVerySatisfiedOutlined';
import { JOURNAL_MOODS } from '@tradedesk/contracts';

/** The mood scale of a journal day (1 awful … 5 great), with an icon for each step. */
export const moodIcons = [
  SentimentVeryDissatisfiedOutlined,
  SentimentDissatisfiedOutlined,
  SentimentNeutralOutlined,
  SentimentSatisfiedOutlined,
  SentimentVerySatisfiedOutlined,
] as const;

/** "good" for 4; '' outside 1-5. */
export const moodName = (mood: number | null | undefined): string =>
  mood && mood >= 1 && mood <= 5 ? (JOURNAL_MOODS[mood - 1] ?? '') : '';

export function MoodIcon(props: { mood: number; fontSize?: 'small' | 'inherit' | 'medium' }) {
  const Icon = moodIcons[props.mood - 1];
  if (!Icon) return null;
  return <Icon fontSize={props.fontSize ?? 'inherit'} titleAccess={`Mood: ${moodName(props.mood)}`} />;
}
