/**
 * Names of the well-known VM ids. AvalancheGo derives a VM id from the VM's short name: the ASCII
 * bytes padded with zeros to 32 bytes, in cb58 (`constants.PlatformVMID = ids.ID{'p','l','a',…}`,
 * `vms/avm`'s `"avm"`, coreth's `"evm"`, Subnet-EVM's `"subnetevm"`). They are computed here from
 * those names rather than copied, so a typo cannot creep in.
 */
import { cb58Encode } from '../ids/cb58';

function vmIdOf(shortName: string): string {
    const bytes = new Uint8Array(32);
    for (let i = 0; i < shortName.length; i++) bytes[i] = shortName.charCodeAt(i);
    return cb58Encode(bytes);
}

let names: ReadonlyMap<string, string> | undefined;

/** A readable name for a well-known VM id, or undefined. */
export function vmName(vmId: string): string | undefined {
    names ??= new Map([
        [vmIdOf('platformvm'), 'Platform VM'],
        [vmIdOf('avm'), 'AVM'],
        [vmIdOf('evm'), 'Coreth (EVM)'],
        [vmIdOf('subnetevm'), 'Subnet-EVM'],
    ]);
    return names.get(vmId);
}
