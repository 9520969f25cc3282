/** What the three servers share: datasets, live settings, URLs and export operations. */
import type { Dataset } from './dataset';
import type { SandboxNetwork, SandboxSettings, SandboxUrls } from './types';

export interface SandboxContext {
    dataset(network: SandboxNetwork): Dataset;
    readonly settings: SandboxSettings;
    readonly urls: SandboxUrls;
    readonly nodeNetwork: SandboxNetwork;
}
