import { Navigate } from 'react-router';
import { useAuth } from '../../features/auth/hooks/use-auth';
import { ChallengesSection } from '../../features/landing/components/challenges-section';
import { HeroSection } from '../../features/landing/components/hero-section';
import { HowItWorksSection } from '../../features/landing/components/how-it-works-section';
import { SiteFooter } from '../../features/landing/components/site-footer';
import { StatisticsSection } from '../../features/landing/components/statistics-section';

export function LandingPage() {
  const { token, user } = useAuth();
  if (token && user) return <Navigate to="/chat" replace />;
  return (
    <>
      <HeroSection showStartButton={!token} />
      <HowItWorksSection />
      <StatisticsSection />
      <ChallengesSection />
      <SiteFooter />
    </>
  );
}
