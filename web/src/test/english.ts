// The web tests' setup: the agent app's texts load in English, as the app starts.
import '../apps/agents/i18n/locale';
