import { useEffect } from 'react';
import { useNavigate } from 'react-router';

/** Spec section 9: after activation or a password reset, go to /login after 3 s. */
const redirectAfterSuccessMs = 3000;

export function useRedirectToLoginAfterSuccess(succeeded: boolean): void {
  const navigate = useNavigate();
  useEffect(() => {
    if (!succeeded) return;
    const timer = setTimeout(() => void navigate('/login', { replace: true }), redirectAfterSuccessMs);
    return () => clearTimeout(timer);
  }, [succeeded, navigate]);
}
