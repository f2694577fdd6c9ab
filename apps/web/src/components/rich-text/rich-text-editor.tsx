/**
 * The description editor of the task form (SPEC sections 3 and 9): tiptap with
 * headings, quote, lists, bold/italic/underline, alignment, links, images by URL
 * (http, https, mailto only) or uploaded from the computer or phone, undo history
 * of EDITOR_HISTORY_DEPTH steps.
 * Its value is the stored JSON string (see rich-text-format.ts).
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import {
  ActionIcon,
  Box,
  Button,
  Divider,
  FileButton,
  Group,
  Input,
  Loader,
  Popover,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import {
  IconAlignCenter,
  IconAlignLeft,
  IconAlignRight,
  IconArrowBackUp,
  IconArrowForwardUp,
  IconBlockquote,
  IconBold,
  IconH1,
  IconH2,
  IconH3,
  IconItalic,
  IconLink,
  IconList,
  IconListNumbers,
  IconPhoto,
  IconPhotoUp,
  IconUnderline,
} from '@tabler/icons-react';
import {
  EditorContent,
  NodeViewWrapper,
  ReactNodeViewRenderer,
  useEditor,
  useEditorState,
  type Editor,
  type ReactNodeViewProps,
} from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import TextAlign from '@tiptap/extension-text-align';
import Image from '@tiptap/extension-image';
import { ATTACHMENTS_ROUTES, MESSAGES, isSafeRichTextUrl } from '@gestar/contracts';
import { descriptionToTiptap, tiptapToDescription } from './rich-text-format';
import { DescriptionImage } from './description-image';
import classes from './rich-text.module.css';
import { EDITOR_HISTORY_DEPTH } from '../../lib/ui-settings';
import { apiRequest, errorMessage } from '../../lib/api-client';
import { shrinkImage } from '../../lib/attachments';
import { toast } from '../../lib/toast';

/** An image in the editor: an uploaded one needs the session's token to be fetched. */
function ImageView({ node }: ReactNodeViewProps) {
  const src = (node.attrs as { src?: string }).src ?? '';
  return (
    <NodeViewWrapper className={classes.imageView} data-drag-handle>
      <DescriptionImage src={src} style={{ maxHeight: 96 }} />
    </NodeViewWrapper>
  );
}

const DescriptionImageExtension = Image.extend({
  addNodeView() {
    return ReactNodeViewRenderer(ImageView);
  },
});

/** Uploads an image from the computer or the phone (shrunk first) and inserts it at the cursor. */
function UploadImageButton({ editor, disabled }: { editor: Editor; disabled?: boolean }) {
  const [busy, setBusy] = useState(false);
  const upload = async (file: File | null) => {
    if (!file) return;
    setBusy(true);
    try {
      const saved = await apiRequest(ATTACHMENTS_ROUTES.uploadImage, { file: await shrinkImage(file) });
      editor.chain().focus().setImage({ src: saved.url }).run();
    } catch (error) {
      toast.error(errorMessage(error, MESSAGES.errors.descriptionImageUploadFailed));
    } finally {
      setBusy(false);
    }
  };
  return (
    <FileButton onChange={(file) => void upload(file)} accept="image/jpeg,image/png,image/webp,image/heic,image/heif">
      {(props) => (
        <Tooltip label="Subir imagen" withArrow>
          <ActionIcon {...props} variant="subtle" color="gray" aria-label="Subir imagen" disabled={disabled || busy} size="md">
            {busy ? <Loader size={14} /> : <IconPhotoUp size={16} />}
          </ActionIcon>
        </Tooltip>
      )}
    </FileButton>
  );
}

export interface RichTextEditorProps {
  label?: string;
  /** The stored description (JSON string or plain text) the editor starts from. */
  initialValue?: string;
  onChange: (value: string) => void;
  error?: ReactNode;
  disabled?: boolean;
  placeholder?: string;
  /** A required field: the label's asterisk (like the other required fields) and aria-required. */
  withAsterisk?: boolean;
}

function ToolButton({ label, active, onClick, disabled, children }: {
  label: string;
  active?: boolean;
  onClick: () => void;
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <Tooltip label={label} withArrow openDelay={400}>
      <ActionIcon
        variant={active ? 'filled' : 'subtle'}
        color={active ? 'blue' : 'gray'}
        aria-label={label}
        aria-pressed={active}
        onClick={onClick}
        disabled={disabled}
        size="md"
      >
        {children}
      </ActionIcon>
    </Tooltip>
  );
}

/**
 * A small popover asking for a URL (links and images). `current` answers the
 * URL already under the cursor (a link being re-edited), which the field opens with.
 */
function UrlButton({ label, icon, disabled, current, onSubmit }: {
  label: string;
  icon: ReactNode;
  disabled?: boolean;
  current?: () => string;
  onSubmit: (url: string) => void;
}) {
  const [opened, setOpened] = useState(false);
  const [url, setUrl] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = () => {
    const value = url.trim();
    if (!isSafeRichTextUrl(value)) {
      setError(MESSAGES.validation.invalidUrl);
      return;
    }
    onSubmit(value);
    setOpened(false);
    setUrl('');
    setError(null);
  };
  const toggle = () => {
    if (!opened) {
      setUrl(current?.() ?? '');
      setError(null);
    }
    setOpened(!opened);
  };
  return (
    <Popover opened={opened} onChange={setOpened} trapFocus withArrow position="bottom">
      <Popover.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={label} onClick={toggle} disabled={disabled}>
          {icon}
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs" w={260}>
          <TextInput
            label={label}
            placeholder="https://"
            value={url}
            error={error}
            onChange={(e) => setUrl(e.currentTarget.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                submit();
              }
            }}
          />
          <Group justify="flex-end" gap="xs">
            <Button size="xs" variant="default" onClick={() => setOpened(false)}>
              Cancelar
            </Button>
            <Button size="xs" onClick={submit}>
              Aplicar
            </Button>
          </Group>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

function Toolbar({ editor, disabled }: { editor: Editor; disabled?: boolean }) {
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      underline: e.isActive('underline'),
      h1: e.isActive('heading', { level: 1 }),
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      quote: e.isActive('blockquote'),
      bullet: e.isActive('bulletList'),
      ordered: e.isActive('orderedList'),
      link: e.isActive('link'),
      center: e.isActive({ textAlign: 'center' }),
      right: e.isActive({ textAlign: 'right' }),
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });
  const chain = () => editor.chain().focus();
  return (
    <Group gap={2} p={4} className={classes.toolbar} role="toolbar" aria-label="Formato del texto">
      <ToolButton label="Negrita" active={state.bold} disabled={disabled} onClick={() => chain().toggleBold().run()}>
        <IconBold size={16} />
      </ToolButton>
      <ToolButton label="Cursiva" active={state.italic} disabled={disabled} onClick={() => chain().toggleItalic().run()}>
        <IconItalic size={16} />
      </ToolButton>
      <ToolButton label="Subrayado" active={state.underline} disabled={disabled} onClick={() => chain().toggleUnderline().run()}>
        <IconUnderline size={16} />
      </ToolButton>
      <Divider orientation="vertical" />
      <ToolButton label="Título 1" active={state.h1} disabled={disabled} onClick={() => chain().toggleHeading({ level: 1 }).run()}>
        <IconH1 size={16} />
      </ToolButton>
      <ToolButton label="Título 2" active={state.h2} disabled={disabled} onClick={() => chain().toggleHeading({ level: 2 }).run()}>
        <IconH2 size={16} />
      </ToolButton>
      <ToolButton label="Título 3" active={state.h3} disabled={disabled} onClick={() => chain().toggleHeading({ level: 3 }).run()}>
        <IconH3 size={16} />
      </ToolButton>
      <ToolButton label="Cita" active={state.quote} disabled={disabled} onClick={() => chain().toggleBlockquote().run()}>
        <IconBlockquote size={16} />
      </ToolButton>
      <ToolButton label="Lista con viñetas" active={state.bullet} disabled={disabled} onClick={() => chain().toggleBulletList().run()}>
        <IconList size={16} />
      </ToolButton>
      <ToolButton label="Lista numerada" active={state.ordered} disabled={disabled} onClick={() => chain().toggleOrderedList().run()}>
        <IconListNumbers size={16} />
      </ToolButton>
      <Divider orientation="vertical" />
      <ToolButton
        label="Alinear a la izquierda"
        active={!state.center && !state.right}
        disabled={disabled}
        onClick={() => chain().unsetTextAlign().run()}
      >
        <IconAlignLeft size={16} />
      </ToolButton>
      <ToolButton label="Centrar" active={state.center} disabled={disabled} onClick={() => chain().setTextAlign('center').run()}>
        <IconAlignCenter size={16} />
      </ToolButton>
      <ToolButton label="Alinear a la derecha" active={state.right} disabled={disabled} onClick={() => chain().setTextAlign('right').run()}>
        <IconAlignRight size={16} />
      </ToolButton>
      <Divider orientation="vertical" />
      <UrlButton
        label="Enlace"
        icon={<IconLink size={16} />}
        disabled={disabled}
        current={() => (editor.getAttributes('link') as { href?: string }).href ?? ''}
        onSubmit={(href) => {
          // A cursor inside a link re-edits that link; elsewhere, no selection inserts the URL as its own text.
          if (editor.state.selection.empty && !editor.isActive('link')) {
            chain().insertContent({ type: 'text', text: href, marks: [{ type: 'link', attrs: { href } }] }).run();
          } else {
            chain().extendMarkRange('link').setLink({ href }).run();
          }
        }}
      />
      <UrlButton label="Imagen (URL)" icon={<IconPhoto size={16} />} disabled={disabled} onSubmit={(src) => chain().setImage({ src }).run()} />
      <UploadImageButton editor={editor} disabled={disabled} />
      <Divider orientation="vertical" />
      <ToolButton label="Deshacer" disabled={disabled || !state.canUndo} onClick={() => chain().undo().run()}>
        <IconArrowBackUp size={16} />
      </ToolButton>
      <ToolButton label="Rehacer" disabled={disabled || !state.canRedo} onClick={() => chain().redo().run()}>
        <IconArrowForwardUp size={16} />
      </ToolButton>
    </Group>
  );
}

export function RichTextEditor({ label, initialValue, onChange, error, disabled, placeholder, withAsterisk }: RichTextEditorProps) {
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [1, 2, 3] },
        undoRedo: { depth: EDITOR_HISTORY_DEPTH },
        // Only what the stored format can hold (SPEC section 3).
        code: false,
        codeBlock: false,
        strike: false,
        horizontalRule: false,
        link: {
          openOnClick: false,
          autolink: true,
          protocols: ['mailto'],
          isAllowedUri: (url) => isSafeRichTextUrl(url),
          HTMLAttributes: { target: '_blank', rel: 'noopener noreferrer nofollow' },
        },
      }),
      TextAlign.configure({ types: ['heading', 'paragraph'], alignments: ['left', 'center', 'right'] }),
      DescriptionImageExtension.configure({ inline: false, allowBase64: false }),
    ],
    content: descriptionToTiptap(initialValue),
    editable: !disabled,
    editorProps: {
      attributes: {
        class: classes.content!,
        role: 'textbox',
        'aria-multiline': 'true',
        ...(label ? { 'aria-label': label } : {}),
        ...(withAsterisk ? { 'aria-required': 'true' } : {}),
        ...(placeholder ? { 'data-placeholder': placeholder } : {}),
      },
    },
    onUpdate: ({ editor: e }) => onChangeRef.current(tiptapToDescription(e.getJSON())),
  });

  useEffect(() => {
    editor?.setEditable(!disabled);
  }, [editor, disabled]);

  return (
    <Input.Wrapper label={label} error={error} withAsterisk={withAsterisk}>
      <Box className={classes.editor} data-error={error ? true : undefined} data-testid="rich-text-editor">
        {editor ? <Toolbar editor={editor} disabled={disabled} /> : <Text size="xs">Cargando editor...</Text>}
        <EditorContent editor={editor} />
      </Box>
    </Input.Wrapper>
  );
}
