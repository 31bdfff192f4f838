import { useEffect } from 'react';
import { useToast } from '../../components/use-toast';

/** Tells the visitor when the browser loses and regains its network connection. */
export function useConnectionToasts(): void {
  const toast = useToast();
  useEffect(() => {
    const onOffline = () =>
      toast('warning', 'You are offline. Pages you open need a connection to load.');
    const onOnline = () => toast('success', 'You are back online.');
    window.addEventListener('offline', onOffline);
    window.addEventListener('online', onOnline);
    return () => {
      window.removeEventListener('offline', onOffline);
      window.removeEventListener('online', onOnline);
    };
  }, [toast]);
}
