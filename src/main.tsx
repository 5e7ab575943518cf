import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './index.css';

createRoot(document.getElementById('root')!).render(<StrictMode><h1 className="text-brand-700">ciao</h1></StrictMode>);
