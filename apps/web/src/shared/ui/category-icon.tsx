/** Each advisor category's icon from the app's one set (the catalogue's emoji are not shown). */
import type { Category } from '@seer/contract';
import {
  Briefcase,
  CircleHelp,
  Compass,
  Eye,
  Flame,
  Handshake,
  Heart,
  HeartCrack,
  HouseHeart,
  Leaf,
  Sparkles,
  TrendingUp,
  type LucideIcon,
} from 'lucide-react';

const ICONS: Record<Category['slug'], LucideIcon> = {
  'love-life-advice': Heart,
  'relationship-issues': HeartCrack,
  'future-relationship-predictions': Eye,
  'career-advice': Briefcase,
  'business-and-investment-predictions': TrendingUp,
  'family-relationships-harmony': HouseHeart,
  'strengthening-family-bonds': Handshake,
  'future-predictions': Sparkles,
  'assistance-with-important-decisions': Compass,
  'energy-and-spiritual-cleansing': Flame,
  'health-forecasts': Leaf,
  'other-questions': CircleHelp,
};

export function CategoryIcon({ slug, size = '1em' }: { slug: Category['slug']; size?: string }) {
  const Icon = ICONS[slug];
  return <Icon size={size} data-category-icon={slug} />;
}
