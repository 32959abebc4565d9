import type { ButtonHTMLAttributes } from 'react';

type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';
/** Padding is the size's alone: a padding class passed in `className` would lose to it or win by stylesheet order. */
type ButtonSize = 'md' | 'sm' | 'icon';

const variantStyles: Record<ButtonVariant, string> = {
  primary: 'bg-brand text-on-brand hover:bg-brand/85 disabled:bg-brand/50',
  secondary:
    'border border-slate-300 bg-white text-slate-800 hover:bg-slate-50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800',
  ghost: 'text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800',
  danger: 'bg-red-600 text-white hover:bg-red-500 disabled:bg-red-400',
};

const sizeStyles: Record<ButtonSize, string> = {
  md: 'px-4 py-2',
  sm: 'px-3 py-1.5',
  // Square, sized by the caller (h-9 w-9); the icon inside keeps its own size.
  icon: 'p-0 [&_svg]:shrink-0',
};

const buttonBaseStyle =
  'inline-flex items-center justify-center gap-2 rounded-md text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-ink disabled:cursor-not-allowed';

export function buttonStyle(variant: ButtonVariant = 'primary', extra = '', size: ButtonSize = 'md'): string {
  return `${buttonBaseStyle} ${sizeStyles[size]} ${variantStyles[variant]} ${extra}`;
}

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
}

export function Button({ variant = 'primary', size = 'md', className = '', type = 'button', ...rest }: ButtonProps) {
  return <button type={type} className={buttonStyle(variant, className, size)} {...rest} />;
}
