/**
 * Opening the "Avalanche Explorer" log.
 */
import { log } from '../platform/log';

export function showLogs(): void {
    log.show();
}
