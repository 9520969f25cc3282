/**
 * The body of the parse worker (`dist/workspaceWorker.js`, started by `ParsePool`): each message is
 * one file, each reply what it knows.
 */
import { parentPort } from 'node:worker_threads';

import { parseHere, type ParseReply, type ParseRequest } from './parsePool';

parentPort?.on('message', (request: ParseRequest) => {
    const reply: ParseReply = { id: request.id, knowledge: parseHere(request.file, request.bytes) };
    parentPort?.postMessage(reply);
});
