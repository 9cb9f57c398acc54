import { useEffect, useState } from 'react';

/** A clock that ticks once a minute, for 'new member' dots that fade after 5 minutes. */
export function useMinuteClock(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}
