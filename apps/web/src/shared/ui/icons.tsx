/**
 * The app's one icon set: Lucide line icons, imported by name so only the ones used are bundled.
 * Every icon keeps Lucide's 2 px stroke and is hidden from screen readers (the text beside it
 * speaks); a size of 1em follows the text it sits in, CSS sets the rest.
 */
export {
  ArrowDown as ArrowDownIcon,
  ArrowUp as ArrowUpIcon,
  Bell as BellIcon,
  Check as SentIcon,
  CheckCheck as ReadIcon,
  ChevronLeft as BackIcon,
  ChevronRight as ChevronIcon,
  CircleCheck as SuccessIcon,
  CircleX as ErrorIcon,
  Clock as ClockIcon,
  Contrast as YesNoIcon,
  EllipsisVertical as MoreIcon,
  Gem as TonIcon,
  House as HomeIcon,
  Image as ImageIcon,
  MessageCircle as ChatsIcon,
  MoonStar as DreamIcon,
  Pen as PenIcon,
  Sparkles as SparklesIcon,
  Star as StarIcon,
  SunMoon as HoroscopeIcon,
  Trash2 as TrashIcon,
  TriangleAlert as WarningIcon,
  User as UserIcon,
  Users as AdvisorsIcon,
  Send as SendIcon,
  Settings as SettingsIcon,
  Smile as SmileIcon,
  X as CloseIcon,
} from 'lucide-react';
