/** The demo conversation of kubernetes/kubernetes's room. */
import type { RoomScript } from '../conversation-script';

const fence = '```';

export const KUBERNETES_CONVERSATION: RoomScript = {
  repo: 'kubernetes/kubernetes',
  speakers: 4,
  bursts: [
    {
      hoursAgo: 113,
      messages: [
        { by: 3, text: 'New here. Is there a good way to try things locally without a cloud account?' },
        {
          by: 2,
          text: 'kind (Kubernetes in Docker) or minikube. kind starts a cluster in a minute: https://kind.sigs.k8s.io/',
          react: [
            ['👍', [3]],
            ['❤️', [0]],
          ],
        },
        {
          by: 3,
          text: `${fence}sh\nkind create cluster --name dev\nkubectl get nodes\n${fence}\nOne node, Ready. That was easy.`,
        },
        {
          by: 1,
          text: 'Welcome @{3}! `kubectl explain deployment.spec` is also great while learning, it documents every field.',
          react: [['😄', [3]]],
        },
      ],
    },
    {
      hoursAgo: 84,
      messages: [
        { by: 0, text: 'Pods stuck in CrashLoopBackOff but the logs are empty. Where do I look next?' },
        {
          by: 1,
          text: '`kubectl logs --previous` shows the last crashed container, and `kubectl describe pod` lists events like OOMKilled or failing probes.',
          react: [['👍', [0, 2]]],
        },
        { by: 0, text: 'describe says OOMKilled. The limit is 256Mi and the JVM wants more.', react: [['😢', [1]]] },
        {
          by: 2,
          text: 'Set `-XX:MaxRAMPercentage=75` so the heap follows the container limit, then size the limit from real usage.',
        },
      ],
    },
    {
      hoursAgo: 30,
      messages: [
        { by: 3, text: 'Readiness vs liveness probe: should they hit the same endpoint?' },
        {
          by: 1,
          text: 'Better not. Liveness should only fail when a restart helps; readiness can fail when a dependency is down so traffic goes elsewhere.',
          edit: 'Better not. Liveness should only fail when a restart would help; readiness can fail while a dependency is down, so traffic goes elsewhere without restarts.',
          react: [
            ['❤️', [3]],
            ['👍', [0]],
          ],
        },
        {
          by: 3,
          text: `${fence}yaml\nreadinessProbe:\n  httpGet: { path: /health/ready, port: 8080 }\n  periodSeconds: 5\nlivenessProbe:\n  httpGet: { path: /health, port: 8080 }\n  failureThreshold: 6\n${fence}\nGoing with this.`,
        },
        {
          by: 2,
          text: '@{3} looks good. Docs: https://kubernetes.io/docs/concepts/configuration/liveness-readiness-startup-probes/',
        },
      ],
    },
    {
      hoursAgo: 6,
      messages: [
        { by: 0, text: 'Is it safe to roll nodes during a deployment rollout?' },
        {
          by: 2,
          text: 'With a PodDisruptionBudget, yes: drains wait until enough replicas are ready again.',
          react: [['👍', [0]]],
        },
        { by: 3, text: 'And set maxUnavailable on the rollout so both together cannot take too many pods down.' },
        { by: 0, text: 'Added a PDB with minAvailable: 2, rolling the nodes now. Will report back.' },
      ],
    },
  ],
};
