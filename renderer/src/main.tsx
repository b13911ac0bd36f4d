import { render } from 'preact';
import { App } from './app';
import './styles.css';
import './till.css';
import './print.css';

render(<App />, document.getElementById('app')!);
