/**
 * The body of the parse worker (`dist/workspaceWorker.js`, started by `ParsePool`): each message is
 * one file's bytes or a group of files to read, each reply what a few files say.
 */
import { parentPort } from 'node:worker_threads';

import { answerRequest, SentEntries, type WorkerRequest } from './parsePool';

const sent = new SentEntries();

parentPort?.on('message', (request: WorkerRequest) => {
    answerRequest(request, sent, (group) => parentPort?.postMessage(group));
});
