// The server's entry. First the Node.js version, said in one line on an older one, before any
// module that may need a newer Node loads; then the store itself (serve.ts).
import { oldNodeAdvice } from './node-version.js';

const advice = oldNodeAdvice(process.versions.node);
if (advice) {
  console.error(`kirana: ${advice}`);
  process.exit(1);
}
await import('./serve.js');
