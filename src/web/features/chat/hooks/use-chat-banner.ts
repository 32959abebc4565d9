import type { ChatModel, StreamMetadata } from '@contracts';
import { useCallback, useRef, useState } from 'react';
import { limitRefusalDetail, modelLimitWarning } from '../api/limit-refusal';
import type { BannerContent } from '../components/input/error-banner';
import type { BannerNotice } from './use-reply-stream';

interface ChatBannerOptions {
  models: ChatModel[] | undefined;
  /** Reads the models again (their standing against the monthly limits changes with every reply). */
  refetchModels: () => Promise<{ data?: ChatModel[] }>;
  /** Chooses a model in the selector. */
  selectModel: (modelId: string) => void;
}

/**
 * The banner above the input (spec section 2): in red, access and limit refusals with when the limit
 * resets and, when a cheaper model still has room, one click to switch to it and send again; and
 * in amber, the warning above 90% of a model's monthly limit, after a reply and when the model is chosen.
 */
export function useChatBanner({ models, refetchModels, selectModel }: ChatBannerOptions) {
  const [banner, setBanner] = useState<BannerContent | null>(null);
  const latest = useRef({ models, refetchModels, selectModel });
  latest.current = { models, refetchModels, selectModel };

  const showText = useCallback((message: string) => setBanner({ message }), []);

  const showNotice = useCallback((notice: BannerNotice) => {
    if (notice.walletEmpty) {
      setBanner({
        message: notice.message,
        link: { label: 'Top up the wallet', to: '/admin/billing', scope: 'billing' },
      });
      return;
    }
    if (notice.allowanceUsed) {
      setBanner({
        message: notice.message,
        link: { label: 'Change the plan', to: '/admin/billing', scope: 'billing' },
      });
      return;
    }
    const { refusal, retryWith } = notice;
    const alternative = refusal?.alternative;
    setBanner({
      message: notice.message,
      detail: refusal ? limitRefusalDetail(refusal) : undefined,
      action:
        alternative && retryWith
          ? {
              label: `Switch to ${alternative.name} and resend`,
              run: () => {
                latest.current.selectModel(alternative.model_id);
                retryWith(alternative.model_id);
              },
            }
          : undefined,
    });
  }, []);

  /** Warns when the model just chosen is above 90% of a limit. */
  const warnAboutModel = useCallback((modelId: string | null) => {
    const warning = modelLimitWarning(latest.current.models?.find((model) => model.model_id === modelId));
    if (warning) setBanner({ message: warning, tone: 'warning' });
  }, []);

  /** After a reply, the model that answered, read again: warned about when above 90% of a limit. */
  const afterReply = useCallback(async (metadata: StreamMetadata) => {
    // Unlimited roles (admins) have nothing to watch: no extra request.
    if (!latest.current.models?.some((model) => model.limits)) return;
    const answered = metadata.backup_model ?? metadata.primary_model;
    const fresh = await latest.current.refetchModels();
    const warning = modelLimitWarning(fresh.data?.find((model) => model.model_id === answered));
    if (warning) setBanner({ message: warning, tone: 'warning' });
  }, []);

  return { banner, dismiss: useCallback(() => setBanner(null), []), showText, showNotice, warnAboutModel, afterReply };
}
