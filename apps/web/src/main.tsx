import { createRoot } from 'react-dom/client';

function App() {
  return <main><h1>Seer</h1><p>Your future – anytime you need</p></main>;
}

createRoot(document.getElementById('root')!).render(<App />);
