/**
 * The result-panel page. Data arrives only through postMessage and is put into the DOM with
 * `textContent`, never as HTML: names and metadata from chains are hostile.
 */
import type { HostMessage, PageMessage, PersistedState } from '../shared/webviewProtocol';

interface VsCodeApi {
    postMessage(message: PageMessage): void;
    setState(state: PersistedState): void;
    getState(): PersistedState | undefined;
}
declare function acquireVsCodeApi(): VsCodeApi;

const vscode = acquireVsCodeApi();
const root = document.getElementById('root') ?? document.body;

function render(message: HostMessage): void {
    root.replaceChildren();
    const heading = document.createElement('h1');
    heading.textContent = message.title;
    const pre = document.createElement('pre');
    pre.textContent = JSON.stringify(message.json, null, 2);
    root.append(heading, pre);
    vscode.setState({ title: message.title });
}

window.addEventListener('message', (event: MessageEvent<HostMessage>) => {
    if (event.data?.type === 'showJson') render(event.data);
});
vscode.postMessage({ type: 'ready' });
