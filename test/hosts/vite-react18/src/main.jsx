import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.jsx';

// StrictMode as `npm create vite` writes it: in a development build React runs every effect's cleanup and setup
// twice on mount, which must still leave one live widget.
createRoot(document.getElementById('root')).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
