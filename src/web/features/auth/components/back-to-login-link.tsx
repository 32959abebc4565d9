import { Link } from 'react-router';
import { buttonStyle } from '../../../components/ui/button';

export function BackToLoginLink({ variant = 'primary' }: { variant?: 'primary' | 'secondary' }) {
  return (
    <Link to="/login" className={buttonStyle(variant, 'w-full')}>
      Back to Login
    </Link>
  );
}
