import './admin.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AdminApp } from './app/AdminApp';

/**
 * The operator console: its own entry of the web build (admin.html), so that no operator code
 * reaches the players' bundle. Nothing here imports the Mini App's features.
 */
const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from admin.html');
createRoot(root).render(
  <StrictMode>
    <AdminApp />
  </StrictMode>,
);
