import { useMutation } from '@tanstack/react-query';
import { useAtom, useStore } from 'jotai';
import { logInMutations } from '../session/log-in';
import { loginDialogAtom } from '../session/user';
import { LoginDialog } from '../features/auth/components/login-dialog';

/** The login/sign-up dialog wired to the session: a lazy chunk, loaded when first opened. */
export default function LoginDialogHost() {
  const [mode, setMode] = useAtom(loginDialogAtom);
  const logIn = useMutation(logInMutations.logIn(useStore()));

  return (
    <LoginDialog
      open={mode !== null}
      mode={mode ?? 'login'}
      onModeChange={setMode}
      onClose={() => setMode(null)}
      onSubmit={async (credentials) => {
        await logIn.mutateAsync(credentials);
      }}
      busy={logIn.isPending}
    />
  );
}
