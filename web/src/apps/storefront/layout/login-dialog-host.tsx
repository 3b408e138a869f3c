import { useAtom, useSetAtom } from 'jotai';
import { toast } from '../../../lib/toast';
import { logInAtom } from '../session/log-in';
import { loginDialogAtom } from '../session/user';
import { LoginDialog } from '../features/auth/components/login-dialog';

/** The login/sign-up dialog wired to the session: a lazy chunk, loaded when first opened. */
export default function LoginDialogHost() {
  const [mode, setMode] = useAtom(loginDialogAtom);
  const logIn = useSetAtom(logInAtom);

  return (
    <LoginDialog
      open={mode !== null}
      mode={mode ?? 'login'}
      onModeChange={setMode}
      onClose={() => setMode(null)}
      onSubmit={async (credentials) => {
        try {
          await logIn(credentials);
        } catch (error) {
          toast.error(error instanceof Error ? error.message : String(error));
          throw error;
        }
      }}
    />
  );
}
